import { SectionListPage } from '../../../components/content/index.ts';
import { demonstrationConfig } from '../lib/config.ts';

export default function DemonstrationPage() {
  return (
    <SectionListPage
      config={demonstrationConfig}
      intro={
        <p className="portal-intro">中山市承担的国家级、省级和市级标准化试点示范项目，可按级别、领域、所在镇街和项目状态筛选。</p>
      }
    />
  );
}
