/** Marks content without a real source (docs/product.md §12): operators replace it. */
export function DemoTag() {
  return (
    <span className="demo-tag" title="示例内容，待运营单位替换">
      示例
    </span>
  );
}
