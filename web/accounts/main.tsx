import { startApp } from "../common/app/start-app";
import { accountsApp } from "./app-definition";

startApp(accountsApp);
