import { SectionDetailPage } from '../../../components/content/index.ts';
import { newsConfig } from '../config.ts';

export default function NewsDetailPage() {
  return <SectionDetailPage config={newsConfig} />;
}
