import { SectionDetailPage } from '../../../components/content/index.ts';
import { talentConfig } from '../config.ts';

export default function TalentDetailPage() {
  return <SectionDetailPage config={talentConfig} />;
}
