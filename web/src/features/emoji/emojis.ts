import type { EmojiTab } from "@airwave/contracts";

/** One emoji and the words it is found by. */
export interface Emoji {
  char: string;
  name: string;
}

const list = (entries: string): Emoji[] =>
  entries
    .trim()
    .split("\n")
    .map((line) => {
      const [char = "", ...words] = line.trim().split(" ");
      return { char, name: words.join(" ") };
    });

/** The picker's emojis by tab (the recent tab is the member's own, kept in local storage). */
export const EMOJIS: Record<Exclude<EmojiTab, "recent">, Emoji[]> = {
  faces: list(`
😀 grinning face happy smile
😃 smiley happy joy
😄 smile laugh happy
😁 beaming grin
😆 laughing squint
😅 sweat smile relief
🤣 rolling on the floor laughing rofl
😂 tears of joy laugh lol
🙂 slightly smiling
🙃 upside down silly
😉 wink
😊 blush smiling eyes
😇 halo angel innocent
🥰 hearts love adore
😍 heart eyes love
🤩 star struck wow
😘 kiss blowing
😋 yum tasty
😛 tongue
😜 winking tongue crazy
🤪 zany crazy
😝 squinting tongue
🤑 money mouth
🤗 hug hugging
🤭 hand over mouth oops
🤫 shush quiet
🤔 thinking hmm
🤐 zipper mouth secret
🤨 raised eyebrow skeptical
😐 neutral
😑 expressionless
😶 no mouth silent
😏 smirk
😒 unamused
🙄 rolling eyes
😬 grimace awkward
😌 relieved calm
😔 pensive sad
😪 sleepy
😴 sleeping zzz tired
😷 mask sick
🤒 thermometer ill
🤯 exploding head mind blown
🤠 cowboy
🥳 party partying celebrate
😎 sunglasses cool
🤓 nerd geek
🧐 monocle curious
😕 confused
😟 worried
😮 open mouth surprised
😲 astonished shocked
🥺 pleading puppy eyes
😢 crying sad tear
😭 sobbing loudly crying
😱 screaming fear scared
😤 triumph huff
😡 pouting angry mad
🤬 cursing swearing
😈 devil smiling horns
💀 skull dead
🤡 clown
👻 ghost
👽 alien
🤖 robot
😺 cat smiling
`),
  hands: list(`
👋 wave hello bye hand
🤚 raised back of hand
✋ raised hand stop high five
🖐️ hand fingers splayed
👌 ok perfect
🤌 pinched fingers
✌️ victory peace
🤞 crossed fingers luck
🤟 love you gesture
🤘 rock on horns metal
🤙 call me shaka
👈 point left
👉 point right
👆 point up
👇 point down
☝️ index up
👍 thumbs up like yes
👎 thumbs down dislike no
✊ raised fist
👊 fist bump punch
🤛 left fist
🤜 right fist
👏 clap applause
🙌 raising hands hooray
👐 open hands
🤲 palms up
🤝 handshake deal
🙏 folded hands please thanks pray
✍️ writing hand
💅 nail polish
💪 flexed biceps strong
🫶 heart hands love
`),
  symbols: list(`
❤️ red heart love
🧡 orange heart
💛 yellow heart
💚 green heart
💙 blue heart
💜 purple heart
🖤 black heart
🤍 white heart
💔 broken heart
💕 two hearts
💖 sparkling heart
💯 hundred points perfect
🔥 fire lit hot
✨ sparkles
⭐ star
🌟 glowing star
⚡ lightning zap
💥 boom collision
🎉 party popper celebrate tada
🎊 confetti ball
🎵 musical note music
🎶 musical notes music
🎧 headphones music dj
🎤 microphone sing karaoke
🎹 piano keyboard
🎸 guitar rock
🥁 drum
📻 radio
🔊 loud speaker volume
🔇 muted speaker
💿 optical disc cd
📀 dvd
✅ check mark done yes
❌ cross mark no
❓ question mark
❗ exclamation mark
⚠️ warning
🚫 prohibited no
♻️ recycle
➕ plus
➖ minus
💤 zzz sleep
💬 speech balloon chat
💭 thought balloon
🔔 bell
🏆 trophy winner
🎁 gift present
🌈 rainbow
☀️ sun
🌙 moon night
`),
};

/** Every emoji of the inbox picker's tabs, searched by name. */
const INBOX_EMOJIS: Emoji[] = [...EMOJIS.faces, ...EMOJIS.hands, ...EMOJIS.symbols];

/** Every emoji whose name contains each word of `query` (case-insensitive), in tab order. */
export function searchEmojis(query: string, pool: readonly Emoji[] = INBOX_EMOJIS): Emoji[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const seen = new Set<string>();
  return pool.filter((e) => {
    if (seen.has(e.char) || !words.every((w) => e.name.toLowerCase().includes(w))) return false;
    seen.add(e.char);
    return true;
  });
}
