import { SectionDetailPage } from '../../../components/content/index.ts';
import { newsConfig } from '../lib/config.ts';

export default function NewsDetailPage() {
  return <SectionDetailPage config={newsConfig} />;
}
