import { x } from "@kickback/contracts";
console.log("ok", x);
