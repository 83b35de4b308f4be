import pg from "pg";

/**
 * Fills a migrated database with `members` members (every tenth private, each following about 20
 * others) and `posts` posts (likes on the newest 20,000, a comment on every tenth), all sharing one
 * password hash.
 */
export async function seedMembers(
  url: string,
  members: number,
  posts: number,
  passwordHash: string,
) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(
    `insert into users (id, username, email, password_hash, created_at, is_private, bio)
     select 'u' || i, 'member' || i, 'member' || i || '@bench.test', $1,
            now() - (i || ' minutes')::interval, i % 10 = 0, 'Raver number ' || i
     from generate_series(1, $2::int) i`,
    [passwordHash, members],
  );
  await client.query(
    `insert into follows (follower_id, followed_id)
     select 'u' || i, 'u' || (1 + (i * j * 7919) % $1::int)
     from generate_series(1, $1::int) i, generate_series(1, 20) j
     where (i * j * 7919) % $1::int + 1 <> i
     on conflict do nothing`,
    [members],
  );
  await client.query(
    `insert into posts (id, author_id, profile_owner_id, text, music, created_at, like_count, comment_count)
     select 'p' || i, 'u' || (1 + i % $1::int), 'u' || (1 + i % $1::int),
            'Post ' || i || ' about the weekend set' || case when i % 13 = 0 then ' https://soundcloud.com/dj/set-' || i else '' end,
            case when i % 13 = 0 then json_build_object('url', 'https://soundcloud.com/dj/set-' || i, 'provider', 'soundcloud',
              'embedUrl', 'https://w.soundcloud.com/player/?url=https%3A%2F%2Fsoundcloud.com%2Fdj%2Fset-' || i)::jsonb end,
            now() - (i || ' seconds')::interval, 5, case when i % 10 = 0 then 1 else 0 end
     from generate_series(1, $2::int) i`,
    [members, posts],
  );
  await client.query(
    `insert into post_likes (post_id, user_id)
     select 'p' || i, 'u' || (1 + (i * k * 31) % $1::int)
     from generate_series(1, least($2::int, 20000)) i, generate_series(1, 5) k
     on conflict do nothing`,
    [members, posts],
  );
  await client.query(
    `insert into comments (id, post_id, author_id, content, created_at)
     select 'c' || i, 'p' || i, 'u' || (1 + (i * 17) % $1::int), 'Massive tune', now() - (i || ' seconds')::interval
     from generate_series(10, $2::int, 10) i`,
    [members, posts],
  );
  await client.query(
    `update posts p set first_likes = l.likes
     from (select post_id, jsonb_agg(jsonb_build_object('user', user_id, 'date',
             to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) order by created_at, user_id) likes
           from post_likes group by post_id) l
     where l.post_id = p.id`,
  );
  // As autovacuum would have by now: visibility maps let index-only scans skip the heap.
  await client.query("vacuum analyze");
  await client.end();
}
