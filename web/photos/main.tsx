import { startApp } from "../common/app/start-app";
import { photosApp } from "./app-definition";

startApp(photosApp);
