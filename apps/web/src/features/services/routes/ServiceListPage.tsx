import { SectionListPage } from '../../../components/content/index.ts';
import { serviceConfig } from '../config.ts';

export default function ServiceListPage() {
  return <SectionListPage config={serviceConfig} />;
}
