import { SectionDetailPage } from '../../../components/content/index.ts';
import { activityConfig } from '../lib/config.ts';
import { ActivitySignup } from '../components/ActivitySignup.tsx';

const config = activityConfig();

export default function ActivityDetailPage() {
  return <SectionDetailPage config={config} extra={(item) => <ActivitySignup activity={item} />} />;
}
