import { SectionDetailPage } from '../../../components/content/index.ts';
import { trainingConfig } from '../lib/config.ts';
import { TrainingFiles } from '../components/TrainingFiles.tsx';

export default function TrainingDetailPage() {
  return <SectionDetailPage config={trainingConfig} extra={(item) => <TrainingFiles item={item} />} />;
}
