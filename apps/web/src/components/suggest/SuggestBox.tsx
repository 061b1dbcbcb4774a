import { useEffect, useId, useState, type ReactNode } from 'react';
import './suggest.css';

const DEBOUNCE_MS = 200;

export interface SuggestItem {
  id: number;
}

interface Props<T extends SuggestItem> {
  value: string;
  /** Fetches the suggestions of a keyword; null on failure (the list just stays closed). */
  fetch: (keyword: string) => Promise<T[] | null>;
  onSubmit: (keyword: string) => void;
  onPick: (item: T) => void;
  renderItem: (item: T) => ReactNode;
  label: string;
  placeholder?: string;
  maxLength?: number;
  className?: string;
  inputClassName?: string;
  buttonClassName?: string;
  /** data-testid of the list, for browser tests. */
  listTestId?: string;
}

/**
 * A search input with suggestions, following the WAI-ARIA combobox pattern (list autocomplete): the
 * input keeps focus, ↓/↑ move the active option (aria-activedescendant), Enter opens the active option
 * or submits the text, Escape closes the list. Plain HTML: the landing page cannot afford antd's
 * AutoComplete in its JS budget (docs/decisions/0008-web-bundle-budget.md).
 */
export function SuggestBox<T extends SuggestItem>(p: Props<T>) {
  const [text, setText] = useState(p.value);
  const [shown, setShown] = useState(p.value);
  const [options, setOptions] = useState<{ for: string; list: T[] }>({ for: '', list: [] });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const { fetch } = p;

  // The caller's value changed (back/forward, a link): show it instead of what was being typed.
  if (shown !== p.value) {
    setShown(p.value);
    setText(p.value);
  }

  useEffect(() => {
    const kw = text.trim();
    if (!kw || !open) return;
    let live = true;
    const t = setTimeout(() => {
      fetch(kw).then(
        (list) => live && setOptions({ for: kw, list: list ?? [] }),
        () => undefined,
      );
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [text, open, fetch]);

  const list = open && text.trim() && options.for === text.trim() ? options.list : [];
  const optionId = (i: number) => `${listId}-opt-${i}`;
  const submit = () => {
    setOpen(false);
    p.onSubmit(text.trim());
  };
  const onKey = (e: React.KeyboardEvent) => {
    if (e.key === 'ArrowDown' && list.length) {
      e.preventDefault();
      setActive((a) => (a + 1) % list.length);
    } else if (e.key === 'ArrowUp' && list.length) {
      e.preventDefault();
      setActive((a) => (a <= 0 ? list.length - 1 : a - 1));
    } else if (e.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (active >= 0 && list[active]) {
        setOpen(false);
        p.onPick(list[active]);
      } else submit();
    }
  };

  return (
    <div className={`suggest-box ${p.className ?? ''}`}>
      {/* type=text: the Nu HTML Checker allows role=combobox on a text input, not on type=search (decisions/0080). */}
      <input
        type="text"
        enterKeyHint="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={list.length > 0}
        aria-controls={listId}
        aria-activedescendant={active >= 0 && list[active] ? optionId(active) : undefined}
        aria-label={p.label}
        className={`suggest-input ${p.inputClassName ?? ''}`}
        maxLength={p.maxLength}
        placeholder={p.placeholder}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKey}
        onBlur={() => setOpen(false)}
      />
      <button type="button" className={`suggest-submit ${p.buttonClassName ?? ''}`} onClick={submit}>
        检索
      </button>
      <ul
        id={listId}
        role="listbox"
        aria-label={`${p.label}联想`}
        className="suggest-list"
        hidden={!list.length}
        data-testid={p.listTestId}
      >
        {list.map((o, i) => (
          <li
            key={o.id}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            // mousedown, not click: the input's blur would close the list first.
            onMouseDown={(e) => {
              e.preventDefault();
              setOpen(false);
              p.onPick(o);
            }}
          >
            {p.renderItem(o)}
          </li>
        ))}
      </ul>
    </div>
  );
}
