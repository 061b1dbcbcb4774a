import { SectionListPage } from '../../../components/content/index.ts';
import { talentConfig } from '../lib/config.ts';

export default function TalentListPage() {
  return <SectionListPage config={talentConfig} />;
}
