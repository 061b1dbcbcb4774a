import { SectionListPage } from '../../../components/content/index.ts';
import { activityConfig } from '../lib/config.ts';

const config = activityConfig('enterprise');

export default function ActivityEnterprisePage() {
  return <SectionListPage config={config} />;
}
