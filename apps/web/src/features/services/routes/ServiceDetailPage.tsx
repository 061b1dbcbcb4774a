import { SectionDetailPage } from '../../../components/content/index.ts';
import { serviceConfig } from '../lib/config.ts';
import { ServiceProcess } from '../components/ServiceProcess.tsx';
import { ServiceApply } from '../components/ServiceApply.tsx';

export default function ServiceDetailPage() {
  return (
    <SectionDetailPage
      config={serviceConfig}
      extra={(item) => (
        <>
          <ServiceProcess steps={item.attrs.steps} />
          <ServiceApply service={item} />
        </>
      )}
    />
  );
}
