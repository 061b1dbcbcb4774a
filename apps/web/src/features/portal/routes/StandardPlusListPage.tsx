import { SectionListPage } from '../../../components/content/index.ts';
import { standardPlusConfig } from '../lib/config.ts';

export default function StandardPlusListPage() {
  return <SectionListPage config={standardPlusConfig} />;
}
