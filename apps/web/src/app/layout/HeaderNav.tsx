import { useId, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { useHiddenPages } from '../../lib/siteInfo.ts';
import { visibleNavItems, type NavItemDef } from '../nav.ts';

interface Props {
  checkIndex?: number;
  className?: string;
  /** Vertical list for the mobile drawer: groups are always expanded. */
  vertical?: boolean;
  onNavigate?: () => void;
}

/**
 * Top navigation: 11 items, groups open on hover or keyboard focus; every link is a real <a>. With the office's
 * 隐藏空栏目 on, a section page with nothing published is left out (a group with no link left goes too).
 */
export function HeaderNav({ checkIndex, className, vertical, onNavigate }: Props) {
  const hidden = useHiddenPages();
  return (
    <nav aria-label="主导航" className={className}>
      <ul className={vertical ? 'site-nav site-nav-vertical' : 'site-nav'}>
        {visibleNavItems(hidden).map((item) =>
          item.children ? (
            <NavGroup
              key={item.checkIndex}
              item={item}
              current={item.checkIndex === checkIndex}
              vertical={vertical}
              onNavigate={onNavigate}
            />
          ) : (
            <li key={item.checkIndex} className="site-nav-item">
              <Link
                to={item.path!}
                className="site-nav-top"
                data-check-index={item.checkIndex}
                aria-current={item.checkIndex === checkIndex ? 'page' : undefined}
                onClick={onNavigate}
              >
                {item.label}
              </Link>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

function NavGroup({
  item,
  current,
  vertical,
  onNavigate,
}: {
  item: NavItemDef;
  current: boolean;
  vertical?: boolean;
  onNavigate?: () => void;
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const expanded = vertical || open;
  const onBlur = (e: FocusEvent<HTMLLIElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLLIElement>) => {
    if (e.key === 'Escape') {
      setOpen(false);
      e.currentTarget.querySelector('button')?.focus();
    }
  };
  return (
    <li
      className={`site-nav-item site-nav-group${expanded ? ' is-open' : ''}`}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
    >
      <button
        type="button"
        className="site-nav-top"
        data-check-index={item.checkIndex}
        aria-current={current ? 'page' : undefined}
        aria-haspopup="true"
        aria-expanded={expanded}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
      >
        {item.label}
      </button>
      <ul id={menuId} className="site-nav-menu">
        {item.children!.map((child) => (
          <li key={child.path}>
            <Link to={child.path} onClick={() => (setOpen(false), onNavigate?.())}>
              {child.label}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}
