// The shared state views and pager, imported file by file: the content index also pulls the portal
// API and validation code, which these pages do not need.
import '../../../components/content/content.css';
export { EmptyView, ErrorView, LoadingView, Notice } from '../../../components/content/StateViews.tsx';
export { Pager } from '../../../components/content/Pager.tsx';
