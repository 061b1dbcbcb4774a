import { SectionListPage } from '../../../components/content/index.ts';
import { resultShowConfig } from '../lib/config.ts';

export default function ResultShowPage() {
  return <SectionListPage config={resultShowConfig} />;
}
