// react-dom's Node build of the server renderer, which @types/react-dom types under react-dom/server.
declare module "react-dom/server.node" {
  export { renderToString } from "react-dom/server"
}
