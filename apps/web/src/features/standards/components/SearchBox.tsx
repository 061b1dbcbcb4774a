import { useNavigate } from 'react-router';
import { SEARCH_KEYWORD_MAX } from '@zs/shared/standards';
import { SuggestBox } from '../../../components/suggest/SuggestBox.tsx';
import { fetchSuggestions } from '../api/standards.ts';
import { Highlight } from './Highlight.tsx';

interface Props {
  value: string;
  onSearch: (keyword: string) => void;
  detailPath: string;
}

/** Keyword box with suggestions (numbers by prefix, titles by words); a picked one opens its detail. */
export function SearchBox({ value, onSearch, detailPath }: Props) {
  const navigate = useNavigate();
  return (
    <SuggestBox
      className="std-searchbox"
      inputClassName="std-input std-input-large"
      buttonClassName="btn btn-primary btn-large std-search-btn"
      listTestId="std-suggest"
      value={value}
      label="检索关键词"
      placeholder="输入标准号或标准名称，如 GB 50016 或 建筑设计防火"
      maxLength={SEARCH_KEYWORD_MAX}
      fetch={fetchSuggestions}
      onSubmit={onSearch}
      onPick={(o) => navigate(`${detailPath}?id=${o.id}`)}
      renderItem={(o) => (
        <>
          <b>{o.standardNo}</b> <Highlight html={o.highlight} />
        </>
      )}
    />
  );
}
