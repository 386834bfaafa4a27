/** The page's fixed elements (index.html): the app's place and the connection notice. */
export const app = document.getElementById("app") as HTMLElement;
export const conn = document.getElementById("conn") as HTMLElement;
