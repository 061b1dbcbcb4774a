/**
 * A user's account as the session and the operators see it (docs/product.md §6.1: a certified enterprise user
 * is one with an approved certification). One definition of "the current enterprise" for every query.
 */

/**
 * SQL: a lateral join giving `<alias>.company_name` and `<alias>.credit_code` of the latest approved certification
 * (latest reviewed first, as the download watermark in fulltext picks it).
 */
export const approvedCompanyJoin = (userId: string, alias: string) =>
  `left join lateral (select company_name, credit_code from enterprise_certifications
                       where user_id = ${userId} and status = 'approved'
                       order by reviewed_at desc nulls last, id desc limit 1) ${alias} on true`;

export interface AccountRow<R extends string> {
  id: number;
  username: string;
  mobile: string;
  email: string | null;
  role: R;
  company_name: string | null;
}

/** The account fields every view of a user starts with. */
export function accountOf<R extends string>(r: AccountRow<R>) {
  return {
    id: r.id,
    username: r.username,
    mobile: r.mobile,
    email: r.email,
    role: r.role,
    certified: r.company_name !== null,
    enterpriseName: r.company_name,
  };
}
