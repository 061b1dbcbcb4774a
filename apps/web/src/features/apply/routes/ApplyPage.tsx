import { ApplyForm } from '../components/ApplyForm.tsx';

/** 香山之品 brand-product application (guarded route). */
export default function ApplyPage() {
  return (
    <div className="page-container portal-page">
      <h1 className="page-title">香山之品申请</h1>
      <p className="portal-intro">
        请如实填写企业和产品信息，并上传营业执照、产品检验报告等证明材料（PNG/JPG/PDF/DOCX/XLSX，单个不超过10MB）。
      </p>
      <ApplyForm />
    </div>
  );
}
