/**
 * What other features use of `social` (ARCHITECTURE: walls between features): the one rule of who
 * sees whose things and who hears whom across blocks and privacy. Import it from here, never from
 * the feature's own files.
 */
export {
  anyBlockAmong,
  canSeeContent,
  contentVisibleSql,
  hearsSql,
  isBlockedEitherWay,
  type Relation,
  relationBetween,
  relationColumns,
  relationFrom,
} from "./visibility.ts";
