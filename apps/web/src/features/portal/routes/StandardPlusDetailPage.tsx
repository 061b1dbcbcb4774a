import { SectionDetailPage } from '../../../components/content/index.ts';
import { standardPlusConfig } from '../config.ts';

export default function StandardPlusDetailPage() {
  return <SectionDetailPage config={standardPlusConfig} />;
}
