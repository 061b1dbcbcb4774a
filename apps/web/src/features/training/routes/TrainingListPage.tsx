import { SectionListPage } from '../../../components/content/index.ts';
import { trainingConfig } from '../lib/config.ts';

export default function TrainingListPage() {
  return <SectionListPage config={trainingConfig} />;
}
