import { SectionListPage } from '../../../components/content/index.ts';
import { resultShowConfig } from '../config.ts';

export default function ResultShowPage() {
  return <SectionListPage config={resultShowConfig} />;
}
