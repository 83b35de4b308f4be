/**
 * What the games share (ARCHITECTURE: walls between features): their players' audiences and names,
 * the month-end freeze, and the month boundaries no stake crosses. Games import it from here.
 */
export { lastBoundary, nextBoundary, settledAt } from "./month.ts";
export { gamesClosed, namesOf, onlyTo, playerOf, playersOf, wholeRoom } from "./players.ts";
