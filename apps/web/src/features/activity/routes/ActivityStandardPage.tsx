import { SectionListPage } from '../../../components/content/index.ts';
import { activityConfig } from '../lib/config.ts';

const config = activityConfig('standard');

export default function ActivityStandardPage() {
  return <SectionListPage config={config} />;
}
