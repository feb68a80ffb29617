import { startApp } from "../common/app/start-app";
import { authApp } from "./app-definition";

startApp(authApp);
