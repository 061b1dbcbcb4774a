import { HeroSearch } from '../components/HeroSearch.tsx';
import { SectionCards } from '../components/SectionCards.tsx';

/** Landing page (also served at /patent-index, spec §2). */
export default function HomePage() {
  return (
    <main className="home-page">
      <HeroSearch />
      <SectionCards />
    </main>
  );
}
