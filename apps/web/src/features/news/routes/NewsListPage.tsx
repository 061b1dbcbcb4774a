import { SectionListPage } from '../../../components/content/index.ts';
import { newsConfig } from '../lib/config.ts';

export default function NewsListPage() {
  return <SectionListPage config={newsConfig} />;
}
