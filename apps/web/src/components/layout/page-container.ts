/**
 * The page column the header's logo sits in: pages whose content lines up with the logo use the
 * same classes (issue 17, point 8: /create's content now starts where the logo starts).
 */
export const PAGE_CONTAINER = 'mx-auto w-full max-w-6xl px-4';
