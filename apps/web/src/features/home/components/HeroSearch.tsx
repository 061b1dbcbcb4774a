import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';

/**
 * Landing search: hands the keyword to the standard search page. A plain form on purpose: the
 * landing page is the most visited one and antd's Input would add ~40 KB to its first load.
 */
export function HeroSearch() {
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const keyword = value.trim();
    navigate(keyword ? `/standard-search?keyword=${encodeURIComponent(keyword)}` : '/standard-search');
  };
  return (
    <section className="home-hero" aria-labelledby="home-hero-title">
      <div className="page-container home-hero-inner">
        <h1 id="home-hero-title" className="home-hero-title">
          中山市标准信息公共服务平台
        </h1>
        <p className="home-hero-sub">标准检索 · 地方标准 · 标准化服务 · 政策资讯</p>
        <form role="search" className="home-hero-search" onSubmit={onSubmit}>
          <input
            type="search"
            name="keyword"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            placeholder="请输入标准号或标准名称，如 GB 55001 或 建筑"
            aria-label="标准检索关键词"
            maxLength={100}
          />
          <button type="submit">检索</button>
        </form>
      </div>
    </section>
  );
}
