// The gallery's search field: suggestions as the user types, grouped by kind
// with how many files each finds, chosen with the pointer or the keyboard
// (↑ ↓ Enter, Escape closes; `/` anywhere on the page focuses the field). A
// chosen album opens the album; anything else opens the search's results.
// The field follows the ARIA combobox pattern.

import { useEffect, useId, useRef, useState } from "react";
import { useIntl } from "react-intl";
import { encodeSearchQuery, type SearchQuery } from "../../../../shared/model/search/search-query";
import type { SearchSuggestion, SuggestionGroup } from "../../../../workers/search/search-contract";
import type { SearchClient } from "../../../common/library/search-client";
import { log } from "../../../common/log/log";
import { fileKindNames, suggestionLabel, thingNames } from "./search-labels";
import { useSlashShortcut } from "./use-slash-shortcut";
import "./search.css";

export interface SearchBarProps {
  client: SearchClient | undefined;
  /** The open search, if any. */
  openQuery: SearchQuery | undefined;
  /** What the open search is called: the field shows it ("" without one). */
  openLabel: string;
  onChoose: (query: SearchQuery) => void;
  onOpenAlbum: (collectionID: number) => void;
  onClear: () => void;
}

const groupMessages = {
  album: "search.group.album",
  person: "search.group.person",
  date: "search.group.date",
  place: "search.group.place",
  thing: "search.group.thing",
  "file-kind": "search.group.file-kind",
  camera: "search.group.camera",
  semantic: "search.group.semantic",
  name: "search.group.name",
  caption: "search.group.caption",
} as const satisfies Record<SuggestionGroup, string>;

// [Note: A late label never overwrites what is typed]
//
// The open search's name can change after it is shown: a place's city name
// comes from the worker once its places are loaded, and the language can
// change. The field takes the newer name only while it still shows the
// older one; once the person has typed, their text stays (a reload with a
// place search open, then typing at once, used to lose the typing). A new
// search, chosen or opened from the address, always shows its name.

export function SearchBar({
  client,
  openQuery,
  openLabel,
  onChoose,
  onOpenAlbum,
  onClear,
}: SearchBarProps) {
  const intl = useIntl();
  const listID = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(openLabel);
  const [suggestions, setSuggestions] = useState<readonly SearchSuggestion[]>([]);
  /** The text the suggestions answer (stale answers are dropped). */
  const [answeredText, setAnsweredText] = useState("");
  const [expanded, setExpanded] = useState(false);
  const [active, setActive] = useState(-1);
  const asked = useRef(0);
  const warmed = useRef(false);
  const suggestionContext = () => ({
    locale: intl.locale,
    fileKindNames: fileKindNames(intl),
    thingNames: thingNames(intl),
  });
  useSlashShortcut(inputRef);

  // The field shows the open search (one opened from the address, or after a choice).
  // See: [Note: A late label never overwrites what is typed]
  const openKey = openQuery === undefined ? "" : encodeSearchQuery(openQuery);
  const [shown, setShown] = useState({ key: openKey, label: openLabel });
  if (shown.key !== openKey || shown.label !== openLabel) {
    const searchChanged = shown.key !== openKey;
    setShown({ key: openKey, label: openLabel });
    if (searchChanged) {
      setText(openLabel);
      setExpanded(false);
    } else if (text === shown.label) setText(openLabel);
  }

  const ask = (typed: string) => {
    setText(typed);
    setActive(-1);
    setExpanded(true);
    const call = ++asked.current;
    if (client === undefined || typed.trim().length === 0) {
      setSuggestions([]);
      setAnsweredText(typed);
      return;
    }
    client
      .searchSuggestions(typed, suggestionContext())
      .then((answered) => {
        if (call !== asked.current) return;
        setSuggestions(answered);
        setAnsweredText(typed);
      })
      .catch((e: unknown) => {
        log.error("Could not search", e);
      });
  };

  const choose = (suggestion: SearchSuggestion) => {
    setExpanded(false);
    inputRef.current?.blur();
    if (suggestion.group === "album") onOpenAlbum(suggestion.collectionID);
    else onChoose(suggestion.query);
  };

  const chooseTyped = () => {
    const chosen = suggestions[active] ?? suggestions[0];
    if (chosen !== undefined && answeredText === text) choose(chosen);
    else if (text.trim().length > 0) {
      setExpanded(false);
      onChoose({ kind: "words", text: text.trim() });
    }
  };

  useEffect(() => {
    if (!expanded) return;
    const close = (event: PointerEvent) => {
      if (!(event.target instanceof Node)) return;
      if (inputRef.current?.closest(".cairn-search")?.contains(event.target) === true) return;
      setExpanded(false);
    };
    document.addEventListener("pointerdown", close);
    return () => {
      document.removeEventListener("pointerdown", close);
    };
  }, [expanded]);

  const showList = expanded && text.trim().length > 0 && answeredText === text;
  const optionID = (index: number) => `${listID}-option-${String(index)}`;

  return (
    <div className="cairn-search" role="search" data-testid="search">
      <div className="cairn-search__field">
        <svg className="cairn-search__icon" viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="10.5" cy="10.5" r="6.5" />
          <path d="m15.5 15.5 5 5" />
        </svg>
        <input
          ref={inputRef}
          type="search"
          className="cairn-search__input"
          data-testid="search-input"
          role="combobox"
          aria-label={intl.formatMessage({ id: "search.label" })}
          aria-expanded={showList}
          aria-controls={listID}
          aria-autocomplete="list"
          aria-activedescendant={showList && active >= 0 ? optionID(active) : undefined}
          aria-keyshortcuts="/"
          placeholder={intl.formatMessage({ id: "search.placeholder" })}
          autoComplete="off"
          spellCheck={false}
          value={text}
          onChange={(event) => {
            ask(event.target.value);
          }}
          onFocus={(event) => {
            event.target.select();
            // Readies the worker's places data before the first keystroke. See: [Note: Places load with the first search]
            if (!warmed.current && client !== undefined) {
              warmed.current = true;
              client.searchSuggestions("", suggestionContext()).catch(() => undefined);
            }
          }}
          onKeyDown={(event) => {
            if (event.key === "ArrowDown" && showList) {
              event.preventDefault();
              setActive((index) => Math.min(index + 1, suggestions.length - 1));
            } else if (event.key === "ArrowUp" && showList) {
              event.preventDefault();
              setActive((index) => Math.max(index - 1, -1));
            } else if (event.key === "Enter") {
              event.preventDefault();
              chooseTyped();
            } else if (event.key === "Escape") {
              if (showList) setExpanded(false);
              else inputRef.current?.blur();
            }
          }}
        />
        {(text.length > 0 || openQuery !== undefined) && (
          <button
            type="button"
            className="cairn-search__clear"
            data-testid="search-clear"
            aria-label={intl.formatMessage({ id: "search.clear" })}
            onClick={() => {
              setText("");
              setSuggestions([]);
              setExpanded(false);
              if (openQuery !== undefined) onClear();
              else inputRef.current?.focus();
            }}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="m7 7 10 10M17 7 7 17" />
            </svg>
          </button>
        )}
      </div>
      <ul
        id={listID}
        role="listbox"
        className="cairn-search__suggestions"
        data-testid="search-suggestions"
        hidden={!showList}
        aria-label={intl.formatMessage({ id: "search.label" })}
      >
        {suggestions.length === 0 && (
          <li className="cairn-search__none" role="presentation">
            {intl.formatMessage({ id: "search.noMatches" }, { text: text.trim() })}
          </li>
        )}
        {suggestions.map((suggestion, index) => {
          const heading =
            index === 0 || suggestions[index - 1]?.group !== suggestion.group
              ? intl.formatMessage({ id: groupMessages[suggestion.group] })
              : undefined;
          return (
            <li key={optionID(index)} role="presentation" className="cairn-search__entry">
              {heading !== undefined && (
                <span className="cairn-search__group" role="presentation">
                  {heading}
                </span>
              )}
              <div
                id={optionID(index)}
                role="option"
                aria-selected={index === active}
                className="cairn-search__option"
                data-testid="search-suggestion"
                data-group={suggestion.group}
                onPointerDown={(event) => {
                  // Keeps the focus in the field until the choice is made.
                  event.preventDefault();
                }}
                onClick={() => {
                  choose(suggestion);
                }}
                onPointerEnter={() => {
                  setActive(index);
                }}
              >
                <span className="cairn-search__option-label">
                  {suggestionLabel(suggestion, intl)}
                </span>
                {"count" in suggestion && (
                  <span className="cairn-search__option-count">
                    {intl.formatNumber(suggestion.count)}
                  </span>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
