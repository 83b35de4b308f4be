import { useCallback, useState } from "react";
import { useDebouncedValue } from "../../search/search-logic.ts";

/**
 * A search box's text, the trimmed term sent once typing pauses for `delayMs`, and the page shown
 * for that term: the page belongs to the term it was chosen for, so a new term starts at page 0.
 */
export function useSearchPaging(delayMs: number) {
  const [text, setText] = useState("");
  const term = useDebouncedValue(text.trim(), delayMs);
  const [paging, setPaging] = useState({ term, page: 0 });
  const page = paging.term === term ? paging.page : 0;
  const setPage = useCallback((next: number) => setPaging({ term, page: next }), [term]);
  return { text, setText, term, page, setPage };
}
