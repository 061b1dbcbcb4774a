import { Modal } from 'antd';

/** Confirmation dialog; loaded on demand (see confirmAction) so Modal stays out of the first page. */
export function confirm(options: { title: string; content?: string; onOk: () => void }): void {
  Modal.confirm({ title: options.title, content: options.content, okText: '确定', cancelText: '取消', onOk: options.onOk });
}
