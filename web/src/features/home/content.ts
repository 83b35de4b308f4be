/** The public page's copy: what the station is, its terms and its community guidelines. */
export const HOME_COPY = {
  heroTitle: "Live dance, hardcore and drum & bass, around the clock",
  heroText:
    "Airwave is a community radio station run by the people who love the music. Real DJs play live every day; in between, the Auto DJ keeps the floor moving. Listen, chat with the crowd, follow your favourite DJs and book a slot of your own.",
  features: [
    {
      title: "Live DJ sets",
      text: "Resident and guest DJs stream live from their decks, every week of the year.",
    },
    {
      title: "Book your slot",
      text: "DJs book weekly one-hour slots on the schedule and go live from home.",
    },
    {
      title: "A real community",
      text: "Chat during the sets, post, follow and message the people you meet.",
    },
  ],
  chatTitle: "The chat room",
  chatText:
    "The heart of the station: one shared room where listeners and DJs talk while the music plays. Send GIFs and emoji, react to tracks, vote for your DJ of the month and play small games for points.",
  voiceTitle: "Listen on your smart speaker",
  voiceText:
    "Ask your voice assistant to play Airwave Radio and the stream starts in your living room.",
} as const;

export const ABOUT_SECTIONS = [
  {
    title: "About Airwave",
    paragraphs: [
      "Airwave started as a group of friends sharing mixes and became an online station with its own DJs, listeners and regulars. We play dance music in all its hard and fast forms: hardcore, drum and bass, techno, trance and house.",
      "Everything here is run by volunteers. The station is free to listen to and free to join.",
    ],
  },
  {
    title: "Terms of use",
    paragraphs: [
      "You must be at least 16 years old to create an account. Keep your password to yourself: you are responsible for what is done with your account.",
      "What you post stays yours, but you allow Airwave to show it on the site. Only upload music, images and text you have the right to share.",
      "Moderators may remove content and suspend accounts that break these terms or the guidelines below. You can appeal a ban by e-mail.",
      "We keep the data needed to run your account (your username, e-mail address, the IP addresses you sign in from) and never sell it.",
    ],
  },
  {
    title: "Community guidelines",
    paragraphs: [
      "Be kind. No harassment, hate, racism or threats, in public or in private messages.",
      "No spam, no advertising without permission, no flooding the chat.",
      "No nudity or sexual content, no violence, nothing illegal.",
      "Respect the DJs: requests are welcome, demands are not.",
      "Report what breaks these rules instead of answering it; the moderators will handle it.",
    ],
  },
] as const;

export const HOME_TABS = ["home", "about", "chatroom", "schedule", "contact"] as const;
export type HomeTab = (typeof HOME_TABS)[number];
export const HOME_TAB_LABELS: Record<HomeTab, string> = {
  home: "Home",
  about: "About",
  chatroom: "Chatroom",
  schedule: "Schedule",
  contact: "Contact",
};
