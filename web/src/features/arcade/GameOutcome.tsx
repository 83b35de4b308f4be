import { Typography } from "@mui/material";

/** A player's result as the games send it. */
interface Outcome {
  outcome: "win" | "lose";
  wager: number;
  pointsBefore: number;
  pointsAfter: number;
}

/** The texts of a game's result (each game's catalogue has them). */
export interface OutcomeTexts {
  youWon: (wager: number) => string;
  youLost: (wager: number) => string;
  pointsBeforeAfter: (before: number, after: number) => string;
}

/** A finished game's result for the member: won or lost, and their points before and after. */
export function GameOutcome({ result, texts }: { result: Outcome; texts: OutcomeTexts }) {
  const won = result.outcome === "win";
  return (
    <>
      <Typography variant="h5" sx={{ fontWeight: 900, color: won ? "success.main" : "error.main" }}>
        {won ? texts.youWon(result.wager) : texts.youLost(result.wager)}
      </Typography>
      <Typography color="text.secondary">
        {texts.pointsBeforeAfter(result.pointsBefore, result.pointsAfter)}
      </Typography>
    </>
  );
}
