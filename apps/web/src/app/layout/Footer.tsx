import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useSiteInfo } from '../../lib/siteInfo.ts';
import { fetchContacts, type ContactCard } from './siteApi.ts';

/** Footer of docs/product.md §1: contact cards, terms link, registration record and copyright lines. */
export function Footer() {
  const [contacts, setContacts] = useState<ContactCard[]>([]);
  const site = useSiteInfo();

  useEffect(() => {
    let alive = true;
    fetchContacts()
      .then((res) => alive && res.code === 0 && Array.isArray(res.data) && setContacts(res.data))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);

  return (
    <footer className="site-footer">
      <div className="page-container">
        {contacts.length > 0 && (
          <ul className="footer-contacts" aria-label="平台联系人">
            {contacts.map((c, i) => (
              <li key={`${c.realName}-${i}`} className="footer-contact" data-testid="contact-card">
                <div className="footer-contact-role">
                  {i === 0 ? '平台运营人员' : '平台技术人员'}
                  {c.demo && <span className="demo-tag">示例</span>}
                </div>
                <div className="footer-contact-name">{c.realName}</div>
                <div>电话：{c.mobile}</div>
                {c.email && <div>邮箱：{c.email}</div>}
              </li>
            ))}
          </ul>
        )}
        <div className="footer-links">
          <Link to="/consultation">标准征求意见</Link>
          <Link to="/interaction">互动交流</Link>
          <Link to="/privacy?type=1" target="_blank" rel="noopener">
            用户协议与隐私政策
          </Link>
        </div>
        <p className="footer-line">
          数据来源：标准题录引自 Arch-Standards-Index（CC BY 4.0）；中国标准文献分类（CCS）引自
          metanorma/cnccs（BSD-2-Clause），国际标准分类（ICS）引自 metanorma/iso-ics-codes；行政区划边界引自
          DataV.GeoAtlas；镇街名单依据国家统计局 2023 年统计用区划代码。
        </p>
        {(site?.hotline || site?.address) && (
          <p className="footer-line">
            {site.hotline && `服务热线：${site.hotline}`}
            {site.hotline && site.address && '　'}
            {site.address && `地址：${site.address}`}
          </p>
        )}
        {(site?.icpRecord || site?.policeRecord) && (
          <p className="footer-line">
            {site.icpRecord && `备案号：${site.icpRecord}`}
            {site.icpRecord && site.policeRecord && '　'}
            {site.policeRecord &&
              (site.policeRecordUrl ? (
                <a href={site.policeRecordUrl} target="_blank" rel="noopener noreferrer">
                  {site.policeRecord}
                </a>
              ) : (
                site.policeRecord
              ))}
          </p>
        )}
        <p className="footer-line">{site?.copyright || `© ${site?.siteName ?? '中山市标准信息公共服务平台'}`}</p>
      </div>
    </footer>
  );
}
