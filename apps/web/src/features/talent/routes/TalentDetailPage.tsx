import { SectionDetailPage } from '../../../components/content/index.ts';
import { talentConfig } from '../lib/config.ts';

export default function TalentDetailPage() {
  return <SectionDetailPage config={talentConfig} />;
}
