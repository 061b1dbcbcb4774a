import { SectionDetailPage } from '../../../components/content/index.ts';
import { standardPlusConfig } from '../lib/config.ts';

export default function StandardPlusDetailPage() {
  return <SectionDetailPage config={standardPlusConfig} />;
}
