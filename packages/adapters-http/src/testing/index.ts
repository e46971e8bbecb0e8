export { AnswerValidator, answerValidator, type ObservedAnswer } from './answer-validator';
