import { Button, Form } from 'antd';
import { Link } from 'react-router';
import { AdminShell } from '../../../components/admin/AdminShell.tsx';
import { NumberAndName } from '../components/NumberAndName.tsx';
import { StandardFields } from '../components/StandardFields.tsx';
import { StatusPanel } from '../components/StatusPanel.tsx';
import { RelationsPanel } from '../components/RelationsPanel.tsx';
import { FulltextPanel } from '../components/FulltextPanel.tsx';
import { useStandardEditor } from '../components/useStandardEditor.ts';

/**
 * /admin/standards/edit?id=N edits a record; without id it adds one (prefilled from a missing-standard
 * report with ?no=&name=&report=, which is accepted once the record exists).
 */
export default function AdminStandardEditPage() {
  const { form, detail, setDetail, dup, check, save, reload } = useStandardEditor();
  return (
    <AdminShell title={detail ? `编辑标准 ${detail.standardNo}` : '新增标准'}>
      <p>
        <Link to="/admin/standards">← 返回标准库</Link>
        {detail && (
          <>
            {' · '}
            <Link to={`/standard-detail?id=${detail.id}`} target="_blank">
              查看前台详情
            </Link>
          </>
        )}
      </p>
      <Form form={form} layout="vertical" className="admin-panel" aria-label="标准信息" onFinish={() => void save()}>
        <NumberAndName dup={dup} onCheck={() => void check()} />
        <StandardFields />
        <Button type="primary" htmlType="submit">
          {detail ? '保存' : '新增标准'}
        </Button>
      </Form>
      {detail && (
        <>
          <StatusPanel detail={detail} onChanged={setDetail} />
          <RelationsPanel detail={detail} onChanged={setDetail} />
          <FulltextPanel detail={detail} onChanged={reload} />
        </>
      )}
    </AdminShell>
  );
}
