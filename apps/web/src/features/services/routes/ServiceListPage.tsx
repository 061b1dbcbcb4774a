import { SectionListPage } from '../../../components/content/index.ts';
import { serviceConfig } from '../lib/config.ts';

export default function ServiceListPage() {
  return <SectionListPage config={serviceConfig} />;
}
