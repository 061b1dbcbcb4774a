import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { SEARCH_KEYWORD_MAX } from '@zs/shared/standards';
import { standardsApi, type Suggestion } from '../api/standards.ts';
import { Highlight } from './Highlight.tsx';

const DEBOUNCE_MS = 250;

interface Props {
  value: string;
  onSearch: (keyword: string) => void;
  detailPath: string;
}

/** Keyword box with suggestions (numbers and titles) fetched after typing pauses; arrow keys pick one. */
export function SearchBox({ value, onSearch, detailPath }: Props) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  const [options, setOptions] = useState<{ for: string; list: Suggestion[] }>({ for: '', list: [] });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const navigate = useNavigate();

  // The URL's keyword changed (back/forward, a link): show it instead of what was being typed.
  if (shown !== value) {
    setShown(value);
    setText(value);
  }

  useEffect(() => {
    const kw = text.trim();
    if (!kw || !open) return;
    let live = true;
    const t = setTimeout(() => {
      standardsApi.suggest(kw).then(
        (res) => {
          if (live) setOptions({ for: kw, list: res.code === 0 ? res.data : [] });
        },
        () => undefined,
      );
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [text, open]);

  const list = open && text.trim() && options.for === text.trim() ? options.list : [];
  const submit = () => {
    setOpen(false);
    onSearch(text.trim());
  };
  const onKey = (e: React.KeyboardEvent) => {
    if (e.key === 'ArrowDown' && list.length) {
      e.preventDefault();
      setActive((a) => (a + 1) % list.length);
    } else if (e.key === 'ArrowUp' && list.length) {
      e.preventDefault();
      setActive((a) => (a <= 0 ? list.length - 1 : a - 1));
    } else if (e.key === 'Escape') setOpen(false);
    else if (e.key === 'Enter') {
      e.preventDefault();
      if (active >= 0 && list[active]) navigate(`${detailPath}?id=${list[active].id}`);
      else submit();
    }
  };

  return (
    <div className="std-searchbox">
      <input
        type="search"
        role="combobox"
        aria-expanded={list.length > 0}
        aria-controls="std-suggest-list"
        aria-label="检索关键词"
        className="std-input std-input-large"
        maxLength={SEARCH_KEYWORD_MAX}
        placeholder="输入标准号或标准名称，如 GB 50016 或 建筑设计防火"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKey}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
      />
      <button type="button" className="btn btn-primary btn-large std-search-btn" onClick={submit}>
        检索
      </button>
      {list.length > 0 && (
        <ul id="std-suggest-list" role="listbox" className="std-suggest-list" data-testid="std-suggest">
          {list.map((o, i) => (
            <li key={o.id} role="option" aria-selected={i === active}>
              <a
                href={`${detailPath}?id=${o.id}`}
                onMouseDown={(e) => {
                  e.preventDefault();
                  navigate(`${detailPath}?id=${o.id}`);
                }}
              >
                <b>{o.standardNo}</b> <Highlight html={o.highlight} />
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
