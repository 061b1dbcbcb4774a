/** The search query is declared once with its endpoint in @zs/shared (decisions/0042). */
export { opt, SearchQuery, type SearchParams } from '@zs/shared/api/standards';
