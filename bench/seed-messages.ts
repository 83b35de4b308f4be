import pg from "pg";

/** Members 1..SIDE start conversations with members SIDE+1..2*SIDE; each has CONVERSATIONS/SIDE. */
export const SIDE = 1_000;

/**
 * Fills a migrated database: members u1..u2000 (every tenth private), all signed in (session token
 * `bench-<n>`), `conversations` one-to-one conversations (member 1 + i % SIDE with one of the other
 * half, distinct pairs) of `perConversation` messages each, one second apart, the last one at
 * `base - (conversations - i) * perConversation` seconds.
 */
export async function seedMessages(
  url: string,
  base: Date,
  conversations: number,
  perConversation: number,
) {
  const CONVERSATIONS = Math.trunc(conversations);
  const PER_CONVERSATION = Math.trunc(perConversation);
  /** Age of message `j` (1..PER_CONVERSATION) of conversation `i`, in seconds before `base`. */
  const ageSql = `((${CONVERSATIONS} - i) * ${PER_CONVERSATION} + (${PER_CONVERSATION} - j))`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(
    `insert into users (id, username, email, password_hash, is_private, bio)
     select 'u' || n, 'member' || n, 'member' || n || '@bench.test', 'not-a-hash', n % 10 = 0,
            'Raver number ' || n
     from generate_series(1, $1::int) n`,
    [2 * SIDE],
  );
  // Conversation i: member a = 1 + i % SIDE with member b from the other half (distinct pairs).
  await client.query(
    `create temporary table pairs as
     select i, 'u' || (1 + i % ${SIDE}) as a,
            'u' || (${SIDE + 1} + (i % ${SIDE} + (i / ${SIDE} + 1) * 131) % ${SIDE}) as b
     from generate_series(0, $1::int - 1) i`,
    [CONVERSATIONS],
  );
  const lastAt = `$1::timestamptz - (((${CONVERSATIONS} - i) * ${PER_CONVERSATION}) || ' seconds')::interval`;
  await client.query(
    `insert into conversations (id, participant_key, created_by, created_at, updated_at,
       last_message_id, last_message_body, last_message_sender_id, last_message_at)
     select 'c' || i, least(a, b) || ',' || greatest(a, b), a, ${lastAt} - interval '1 day', ${lastAt},
            'm' || i || '_' || ${PER_CONVERSATION}, 'Message ${PER_CONVERSATION} of the set', b, ${lastAt}
     from pairs`,
    [base],
  );
  await client.query(
    `insert into conversation_participants (conversation_id, user_id, unread_count, joined_at)
     select 'c' || i, a, i % 4, now() from pairs
     union all
     select 'c' || i, b, 0, now() from pairs`,
  );
  await client.query(
    `insert into private_messages (id, conversation_id, sender_id, body, created_at)
     select 'm' || i || '_' || j, 'c' || i, case when j % 2 = 0 then b else a end,
            'Message ' || j || ' of the set', $1::timestamptz - (${ageSql} || ' seconds')::interval
     from pairs, generate_series(1, $2::int) j`,
    [base, PER_CONVERSATION],
  );
  // Every member signed in: session token 'bench-<n>' (only its SHA-256 is stored).
  await client.query(
    `insert into sessions (id_hash, user_id, expires_at)
     select encode(sha256(('bench-' || n)::bytea), 'hex'), 'u' || n, now() + interval '1 day'
     from generate_series(1, $1::int) n`,
    [2 * SIDE],
  );
  // As autovacuum would have by now: visibility maps let index-only scans skip the heap.
  await client.query("vacuum analyze");
  await client.end();
}
