import { Button, HTMLSelect } from "@blueprintjs/core";
import { PAGE_SIZES } from "./table.ts";

// "Rows per page" and "1–5 of 12" with previous/next, under the table.
export function UsersPager({
  total,
  page,
  size,
  onPage,
  onSize,
}: {
  total: number;
  page: number;
  size: number;
  onPage: (page: number) => void;
  onSize: (size: number) => void;
}) {
  const from = total === 0 ? 0 : page * size + 1;
  const to = Math.min(total, (page + 1) * size);
  return (
    <div className="users-pager">
      <span className="users-pager__size">
        <label htmlFor="users-page-size">Rows per page:</label>
        <HTMLSelect
          id="users-page-size"
          minimal
          value={size}
          onChange={(e) => onSize(Number(e.currentTarget.value))}
          options={PAGE_SIZES.map((n) => ({ label: String(n), value: n }))}
        />
      </span>
      <span aria-live="polite">
        {from}–{to} of {total}
      </span>
      <Button
        variant="minimal"
        icon="chevron-left"
        aria-label="Previous page"
        disabled={page === 0}
        onClick={() => onPage(page - 1)}
      />
      <Button
        variant="minimal"
        icon="chevron-right"
        aria-label="Next page"
        disabled={to >= total}
        onClick={() => onPage(page + 1)}
      />
    </div>
  );
}
