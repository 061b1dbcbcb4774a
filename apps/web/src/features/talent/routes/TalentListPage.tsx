import { SectionListPage } from '../../../components/content/index.ts';
import { talentConfig } from '../config.ts';

export default function TalentListPage() {
  return <SectionListPage config={talentConfig} />;
}
