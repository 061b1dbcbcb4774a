import { useNavigate } from 'react-router';
import { SuggestBox } from '../../../components/suggest/SuggestBox.tsx';
import { fetchSuggestions } from '../api/suggest.ts';

/**
 * Landing search: suggestions as the user types (a picked one opens its detail), otherwise hands the
 * keyword to the standard search page. Plain HTML on purpose: the landing page is the most visited one
 * and antd's Input/AutoComplete would add ~40 KB to its first load.
 */
export function HeroSearch() {
  const navigate = useNavigate();
  const search = (keyword: string) =>
    navigate(keyword ? `/standard-search?keyword=${encodeURIComponent(keyword)}` : '/standard-search');
  return (
    <section className="home-hero" aria-labelledby="home-hero-title">
      <div className="page-container home-hero-inner">
        <h1 id="home-hero-title" className="home-hero-title">
          中山市标准信息公共服务平台
        </h1>
        <p className="home-hero-sub">标准检索 · 地方标准 · 标准化服务 · 政策资讯</p>
        <div role="search" className="home-hero-search">
          <SuggestBox
            value=""
            listTestId="home-suggest"
            label="标准检索关键词"
            placeholder="请输入标准号或标准名称，如 GB 55001 或 建筑"
            maxLength={100}
            fetch={fetchSuggestions}
            onSubmit={search}
            onPick={(o) => navigate(`/standard-detail?id=${o.id}`)}
            renderItem={(o) => (
              <>
                <b>{o.standardNo}</b> {o.nameZh}
              </>
            )}
          />
        </div>
      </div>
    </section>
  );
}
