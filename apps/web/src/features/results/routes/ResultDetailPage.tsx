import { SectionDetailPage } from '../../../components/content/index.ts';
import { resultShowConfig } from '../lib/config.ts';

export default function ResultDetailPage() {
  return <SectionDetailPage config={resultShowConfig} />;
}
