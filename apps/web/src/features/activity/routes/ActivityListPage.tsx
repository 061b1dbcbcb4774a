import { SectionListPage } from '../../../components/content/index.ts';
import { activityConfig } from '../lib/config.ts';

const config = activityConfig();

export default function ActivityListPage() {
  return <SectionListPage config={config} />;
}
