/** Dify's timestamps are whole Unix seconds. */
export const seconds = (date: Date | null | undefined) => (date ? Math.floor(date.getTime() / 1000) : null);
export const nowSeconds = () => Math.floor(Date.now() / 1000);
